import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { Panel } from '../../components/Panel';
import { StepNavigation } from '../../components/StepNavigation';
import { useAdvance } from '../../flow/useAdvance';
import { useStores } from '../../StoreContext';
import { AttendeeBlockForm } from './AttendeeBlockForm';
import { AttendeeFormStore } from './AttendeeFormStore';
import { FormErrorNote } from './FormErrorNote';
import { TermsLine } from './TermsLine';

/**
 * 'Assign your tickets': one block per ticket unit, the terms line, Back/Continue and the
 * summary message while any field has an error. Continue sends the answers; on success the
 * buyer goes on to the payment method.
 */
export const AttendeeFormView = observer(function AttendeeFormView() {
  const { t } = useTranslation('checkout');
  const root = useStores();
  const advance = useAdvance('information');
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [store] = useState(() => new AttendeeFormStore(root));

  useEffect(() => {
    void store.load();
    const flush = () => store.flushDraft();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      store.flushDraft();
      store.dispose();
    };
  }, [store]);

  const focusFirstProblem = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const result = await advance(() => store.submit(), (outcome) => outcome === 'ok');
    if (result === 'invalid') focusFirstProblem();
  };

  return (
    <Box component="form" ref={formRef} noValidate onSubmit={submit} aria-labelledby={titleId}>
      <Panel labelledBy={titleId}>
        <Typography id={titleId} variant="h1" component="h1" sx={{ mb: 1 }}>
          {t('form.title')}
        </Typography>
        <Typography color="text.secondary">{t('form.intro')}</Typography>
      </Panel>
      {store.status === 'ready' ? (
        store.blocks.map((block) => <AttendeeBlockForm key={block.key} block={block} disabled={store.submitting} />)
      ) : store.status === 'error' ? (
        <Panel>
          <FormErrorNote action={<Button onClick={() => void store.load()}>{t('form.retry')}</Button>}>
            {t('form.loadFailed')}
          </FormErrorNote>
        </Panel>
      ) : (
        // A screen high, on every width: the blocks are taller still, so the terms panel below moves only off the screen when they arrive.
        <Box sx={{ minHeight: '100vh' }}>
          <LoadingIndicator labelKey="checkout:form.loading" />
        </Box>
      )}
      <Panel>
        <TermsLine />
        <StepNavigation
          step="information"
          onContinue={() => void submit()}
          continueDisabled={store.status !== 'ready'}
          pending={store.submitting}
          pendingLabel={t('form.saving')}
        />
        <Box role="status" aria-live="polite" sx={{ mt: store.submitAttempted && store.hasErrors ? 2 : 0 }}>
          {store.submitAttempted && store.hasErrors ? (
            <FormErrorNote outlined>{t('form.hasErrors')}</FormErrorNote>
          ) : null}
        </Box>
      </Panel>
    </Box>
  );
});
