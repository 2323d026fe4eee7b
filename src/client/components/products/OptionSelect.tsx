import Box from '@mui/material/Box';
import { useId } from 'react';

interface OptionSelectProps {
  label: string;
  placeholder: string;
  values: string[];
  value: string;
  onChange(value: string): void;
  /** Shown (and announced) when the buyer tried to continue without a choice. */
  error?: string;
}

/** A required native select for one product option (e.g. talla). */
export function OptionSelect({ label, placeholder, values, value, onChange, error }: OptionSelectProps) {
  const id = useId();
  const errorId = useId();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Box component="label" htmlFor={id} sx={{ fontSize: '0.85rem', fontWeight: 600 }}>
        {label}
      </Box>
      <Box
        component="select"
        id={id}
        required
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event: React.ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
        sx={{
          font: 'inherit',
          minHeight: 44,
          px: 1.5,
          borderRadius: 1,
          border: error ? 2 : 1,
          borderColor: error ? 'error.main' : 'grey.500',
          bgcolor: 'background.paper',
          color: 'text.primary',
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 1 },
        }}
      >
        <option value="">{placeholder}</option>
        {values.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </Box>
      {error ? (
        <Box id={errorId} sx={{ color: 'error.main', fontSize: '0.8rem' }}>
          {error}
        </Box>
      ) : null}
    </Box>
  );
}
