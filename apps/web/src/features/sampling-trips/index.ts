// What other features may use of sampling trips: "my trips" on the my works page.
export { MyTrips } from './components/my-trips';
