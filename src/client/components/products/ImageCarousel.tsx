import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import placeholder from '../../assets/product-placeholder.svg';
import { ArrowIcon } from '../icons';

/** A product's images one at a time with previous/next buttons; a placeholder when it has none. */
export function ImageCarousel({ name, images }: { name: string; images: { url: string; alt?: string }[] }) {
  const { t } = useTranslation('checkout');
  const [index, setIndex] = useState(0);
  const count = images.length;
  const frame = { width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.100', display: 'block' } as const;

  if (count === 0) {
    return <Box component="img" src={placeholder} alt={t('products.placeholderAlt', { name })} sx={frame} />;
  }
  const current = images[Math.min(index, count - 1)];
  const move = (step: number) => setIndex((value) => (value + step + count) % count);
  return (
    <Box sx={{ position: 'relative' }}>
      <Box component="img" src={current.url} alt={current.alt || t('products.imageAlt', { name, index: index + 1, count })} loading="lazy" sx={frame} />
      {count > 1 ? (
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: 0.5 }}>
          <IconButton onClick={() => move(-1)} aria-label={t('products.previousImage', { name })}>
            <ArrowIcon direction="left" />
          </IconButton>
          <Box component="span" aria-live="polite" sx={{ fontSize: '0.85rem', color: 'text.secondary' }}>
            {index + 1} / {count}
          </Box>
          <IconButton onClick={() => move(1)} aria-label={t('products.nextImage', { name })}>
            <ArrowIcon direction="right" />
          </IconButton>
        </Box>
      ) : null}
    </Box>
  );
}
