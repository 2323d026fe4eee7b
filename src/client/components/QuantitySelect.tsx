import Box from '@mui/material/Box';
import { useId } from 'react';
import { VisuallyHidden } from './VisuallyHidden';

/** Quantity choices: 0 plus minimum..maximum inclusive. */
export function quantityOptions(minimum: number, maximum: number): number[] {
  const low = Math.max(1, Math.floor(minimum) || 1);
  const high = Math.floor(maximum);
  const options = [0];
  for (let quantity = low; quantity <= high; quantity += 1) options.push(quantity);
  return options;
}

interface QuantitySelectProps {
  label: string;
  /** Screen-reader-only end of the label, so each row's select has a unique name. */
  hiddenLabel: string;
  minimum: number;
  maximum: number;
  value: number;
  onChange(quantity: number): void;
  disabled?: boolean;
}

/**
 * A native select: the phone's own picker, full keyboard support, and no menu/popover
 * code in the ticket page bundle.
 */
export function QuantitySelect({ label, hiddenLabel, minimum, maximum, value, onChange, disabled }: QuantitySelectProps) {
  const id = useId();
  const options = quantityOptions(minimum, maximum);
  if (!options.includes(value)) options.push(value); // a restored quantity stays visible
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 96 }}>
      <Box component="label" htmlFor={id} sx={{ fontSize: '0.8rem', color: 'text.secondary' }}>
        {label}
        <VisuallyHidden> {hiddenLabel}</VisuallyHidden>
      </Box>
      <Box
        component="select"
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event: React.ChangeEvent<HTMLSelectElement>) => onChange(Number(event.target.value))}
        sx={{
          font: 'inherit',
          fontSize: '1rem',
          minHeight: 44,
          px: 1.5,
          borderRadius: 1,
          border: 1,
          borderColor: 'grey.500',
          bgcolor: 'background.paper',
          color: 'text.primary',
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 1 },
        }}
      >
        {options.map((quantity) => (
          <option key={quantity} value={quantity}>
            {quantity}
          </option>
        ))}
      </Box>
    </Box>
  );
}
