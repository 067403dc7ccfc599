import { formatNumber } from '@qlcv/common/format/number';
import {
  MEDIA,
  MEDIUM_LABELS,
  PARAMETER_PLACE_LABELS,
  PARAMETER_PLACES,
  type ParameterPlace,
} from '@qlcv/common/schemas/parameters';
import { Tag, Typography } from 'antd';

export const MEDIUM_OPTIONS = MEDIA.map((value) => ({ value, label: MEDIUM_LABELS[value] }));
export const PLACE_OPTIONS = PARAMETER_PLACES.map((value) => ({ value, label: PARAMETER_PLACE_LABELS[value] }));

/** A limit as the laboratory wrote it, with the Vietnamese decimal comma ("0.050" → "0,050"): never re-rounded. */
export const limitText = (limit: string | null | undefined): string => (limit ? limit.replace('.', ',') : '');

/** "48 giờ"; whole days shown beside from three days up ("4.320 giờ (180 ngày)"). */
export function holdingText(hours: number | null | undefined): string {
  if (hours === null || hours === undefined) return '';
  const text = `${formatNumber(hours)} giờ`;
  return hours >= 72 && hours % 24 === 0 ? `${text} (${formatNumber(hours / 24)} ngày)` : text;
}

export function PlaceTag({ place }: { place: ParameterPlace }) {
  return <Tag color={place === 'field' ? 'orange' : 'geekblue'}>{PARAMETER_PLACE_LABELS[place]}</Tag>;
}

/** VIMCERTS / VILAS, the recognitions the method holds; "—" when none. */
export function RecognitionTags({ vimcerts, vilas }: { vimcerts: boolean; vilas: boolean }) {
  if (!vimcerts && !vilas) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {vimcerts && (
        <Tag color="green" style={{ marginInlineEnd: 0 }}>
          VIMCERTS
        </Tag>
      )}
      {vilas && (
        <Tag color="blue" style={{ marginInlineEnd: 0 }}>
          VILAS
        </Tag>
      )}
    </span>
  );
}
