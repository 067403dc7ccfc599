import { Input, type InputProps } from 'antd';
import { useEffect, useState } from 'react';
import { type DecimalValue, decimalText, sameDecimal, toDecimalValue } from '@/lib/decimal';

export interface DecimalInputProps extends Omit<InputProps, 'value' | 'defaultValue' | 'onChange' | 'type'> {
  /** A number, null when empty, or the text it could not take (`InvalidDecimal`). */
  value?: DecimalValue;
  onChange?: (value: DecimalValue) => void;
  /** Digits allowed after the decimal comma; 0 for whole numbers. */
  scale: number;
  /**
   * Thousands grouped with dots ("1.234,5"; on by default). Off for small figures (a weight, a score, days), where a
   * dot is read as a decimal mark typed out of habit.
   */
  grouping?: boolean;
}

/**
 * The one number field of the product: typed and shown the Vietnamese way ("1.234,5"), never changed behind the
 * person's back. Text it cannot take — not a number, more decimals than `scale` — stays as typed and becomes the
 * value as an `InvalidDecimal`, which `zodRule` turns into the field's error; a value out of the schema's range is
 * the schema's error (no min/max here: nothing is clamped). Ant Design's InputNumber parsed "95,5" as 955 and
 * clamped 125 to 100 in silence.
 *
 * In a form: `<Form.Item name="target" rules={[zodRule(shape.target)]}><DecimalInput scale={2} /></Form.Item>`.
 * Outside one, check the value with `fieldError(schema, value)` and show it (`status="error"`).
 */
export function DecimalInput({ value, onChange, scale, grouping = true, onBlur, inputMode, ...rest }: DecimalInputProps) {
  const [text, setText] = useState(() => decimalText(value, grouping));

  // A value set from outside (initial values, a reset, a default filled in) replaces the text; the value the text
  // itself gave leaves it as typed.
  useEffect(() => {
    setText((current) =>
      sameDecimal(toDecimalValue(current, { scale, grouping }), value) ? current : decimalText(value, grouping),
    );
  }, [value, scale, grouping]);

  return (
    <Input
      autoComplete="off"
      // Phones: a keypad with the decimal mark (a signed field passes inputMode="text" for the minus sign).
      inputMode={inputMode ?? (scale > 0 ? 'decimal' : 'numeric')}
      {...rest}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange?.(toDecimalValue(e.target.value, { scale, grouping }));
      }}
      onBlur={(e) => {
        // Written back the Vietnamese way ("1234,50" → "1.234,5"): the same number, only its spelling.
        const read = toDecimalValue(text, { scale, grouping });
        if (typeof read === 'number') setText(decimalText(read, grouping));
        onBlur?.(e);
      }}
    />
  );
}
