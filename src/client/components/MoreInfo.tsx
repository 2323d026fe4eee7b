import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useId, useState, type ReactNode } from 'react';
import { ChevronIcon } from './icons';
import { VisuallyHidden } from './VisuallyHidden';

/** An expandable section behind a button ('more information'); closed by default. */
export function MoreInfo({ label, hiddenLabel, children }: { label: string; hiddenLabel?: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <Box>
      <Button
        size="small"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((value) => !value)}
        endIcon={<ChevronIcon up={open} />}
        sx={{ px: 0.5 }}
      >
        {label}
        {hiddenLabel ? <VisuallyHidden>{` ${hiddenLabel}`}</VisuallyHidden> : null}
      </Button>
      <Box id={regionId} hidden={!open} sx={{ pt: 1, color: 'text.secondary' }}>
        {open ? children : null}
      </Box>
    </Box>
  );
}
