// What other features may use of samples: the trip page's "Mẫu đã lấy".
export { TripSamples } from './components/trip-samples';
