import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { pesosToCents } from '../../../shared/money';
import { useMoney } from '../../hooks/useMoney';
import type { CatalogueProduct } from '../../stores/orderLines';
import { useStores } from '../../StoreContext';
import { MoreInfo } from '../MoreInfo';
import { QuantitySelect } from '../QuantitySelect';
import { SafeHtml } from '../SafeHtml';
import { ImageCarousel } from './ImageCarousel';
import { OptionSelect } from './OptionSelect';

/** One product: carousel, name, price, quantity (or 'Sold Out'), its required options, 'MÁS INFORMACIÓN'. */
export const ProductCard = observer(function ProductCard({ product }: { product: CatalogueProduct }) {
  const { t } = useTranslation('checkout');
  const { checkout } = useStores();
  const money = useMoney();
  const soldOut = !(product.maximum > 0);
  const missing = checkout.productsSubmitted ? (checkout.missingProductOptions.get(product.id) ?? []) : [];

  return (
    <Box component="li" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: 2, py: 2, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
      <ImageCarousel name={product.name} images={product.images} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'flex-start' }}>
          <Box>
            <Typography variant="h3" component="h2">
              {product.name}
            </Typography>
            <Typography sx={{ fontWeight: 600, mt: 0.5 }}>{money(pesosToCents(product.price))}</Typography>
          </Box>
          {soldOut ? (
            <Typography sx={{ fontWeight: 700, color: 'error.main', whiteSpace: 'nowrap' }}>{t('products.soldOut')}</Typography>
          ) : (
            <QuantitySelect
              label={t('products.quantity')}
              hiddenLabel={t('products.quantityOf', { name: product.name })}
              minimum={product.minimum}
              maximum={product.maximum}
              value={checkout.productLine(product.id)?.quantity ?? 0}
              onChange={(quantity) => checkout.setProductQuantity(product.id, quantity)}
              disabled={checkout.productsPending}
            />
          )}
        </Box>
        {!soldOut
          ? product.options.map((option) => (
              <OptionSelect
                key={option.id}
                label={option.label}
                placeholder={t('products.chooseOption')}
                values={option.options?.values ?? []}
                value={checkout.productOption(product.id, String(option.id))}
                onChange={(value) => checkout.setProductOption(product.id, String(option.id), value)}
                error={missing.includes(String(option.id)) ? t('products.optionRequired') : undefined}
              />
            ))
          : null}
        {product.description ? (
          <MoreInfo label={t('products.moreInfo')} hiddenLabel={product.name}>
            <SafeHtml html={product.description} />
          </MoreInfo>
        ) : null}
      </Box>
    </Box>
  );
});
