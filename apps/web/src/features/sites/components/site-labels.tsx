import { MEDIA, MEDIUM_LABELS, type Medium } from '@qlcv/common/schemas/parameters';
import { FREQUENCIES, FREQUENCY_LABELS } from '@qlcv/common/schemas/sites';
import { Tag } from 'antd';

export const MEDIUM_OPTIONS = MEDIA.map((value) => ({ value, label: MEDIUM_LABELS[value] }));
export const FREQUENCY_OPTIONS = FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABELS[value] }));

/** One colour per medium, so a site's points read at a glance (water blues, air warm, ground earthy). */
const MEDIUM_COLORS: Record<Medium, string> = {
  wastewater: 'blue',
  surface_water: 'cyan',
  groundwater: 'geekblue',
  emission: 'volcano',
  ambient_air: 'orange',
  soil: 'gold',
  sediment: 'purple',
};

export function MediumTag({ medium }: { medium: Medium }) {
  return (
    <Tag color={MEDIUM_COLORS[medium]} style={{ marginInlineEnd: 0 }}>
      {MEDIUM_LABELS[medium]}
    </Tag>
  );
}

/** A point's place on Google Maps. */
export const mapsUrl = (latitude: number, longitude: number) => `https://www.google.com/maps?q=${latitude},${longitude}`;

/** "21,028511, 105,804817" would read badly: coordinates keep the dot, as maps and GPS show them. */
export const coordinatesText = (latitude: number, longitude: number) => `${latitude}, ${longitude}`;
