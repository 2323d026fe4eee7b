import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventDiffResponse, EventVersionListResponse } from '../../../shared/api';
import { DiffView } from './DiffView';
import { failureMessage } from '../failureMessage';
import type { EventsApi } from './eventsApi';

interface VersionsPanelProps {
  events: EventsApi;
  url: string;
  /** Changes after each save, so the list is read again. */
  refresh: number;
  /** Whether the operator may roll back (events.write). */
  canWrite: boolean;
  onRolledBack: (version: number) => void;
}

/** The event's stored versions: pick two to see their diff; roll back to one (a confirm dialog first) as a new version. */
export function VersionsPanel({ events, url, refresh, canWrite, onRolledBack }: VersionsPanelProps) {
  const { t, i18n } = useTranslation('admin');
  const [list, setList] = useState<EventVersionListResponse>();
  const [picked, setPicked] = useState<number[]>([]);
  const [diff, setDiff] = useState<EventDiffResponse>();
  const [confirming, setConfirming] = useState<number>();
  const [error, setError] = useState<string>();
  const fail = (failure: unknown) => setError(failureMessage(failure));
  useEffect(() => {
    events.versions(url).then(setList, fail);
  }, [events, url, refresh]);
  const pick = (version: number, on: boolean) => {
    setDiff(undefined);
    setPicked((shown) => (on ? [...shown, version].slice(-2) : shown.filter((v) => v !== version)));
  };
  const compare = () => {
    const [from, to] = [...picked].sort((a, b) => a - b);
    events.diff(url, from, to).then((answer) => {
      setError(undefined);
      setDiff(answer);
    }, fail);
  };
  const rollBack = (version: number) => {
    setConfirming(undefined);
    events.rollback(url, version).then((answer) => {
      setError(undefined);
      onRolledBack(answer.version);
    }, fail);
  };
  return (
    <Box component="section" aria-labelledby="event-versions" sx={{ mt: 4 }}>
      <Typography id="event-versions" component="h2" variant="h6" gutterBottom>{t('events.versions.title')}</Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {list && list.versions.length === 0 && <Typography>{t('events.versions.none', { version: list.current_version })}</Typography>}
      <Table size="small" aria-label={t('events.versions.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('events.versions.compare')}</TableCell>
            <TableCell>{t('events.versions.version')}</TableCell>
            <TableCell>{t('events.versions.at')}</TableCell>
            <TableCell>{t('events.versions.by')}</TableCell>
            <TableCell>{t('events.versions.size')}</TableCell>
            {canWrite && <TableCell>{t('events.versions.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {list?.versions.map((version) => (
            <TableRow key={version.version}>
              <TableCell padding="checkbox">
                <Checkbox checked={picked.includes(version.version)} onChange={(e) => pick(version.version, e.target.checked)} slotProps={{ input: { 'aria-label': t('events.versions.pick', { version: version.version }) } }} />
              </TableCell>
              <TableCell>{version.version === list.current_version ? t('events.versions.current', { version: version.version }) : `v${version.version}`}</TableCell>
              <TableCell>{new Date(version.at).toLocaleString(i18n.language)}</TableCell>
              <TableCell>{version.by}</TableCell>
              <TableCell>{t('events.versions.bytes', { count: version.size })}</TableCell>
              {canWrite && (
                <TableCell>
                  {version.version !== list.current_version && <Button size="small" onClick={() => setConfirming(version.version)}>{t('events.versions.rollBack', { version: version.version })}</Button>}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Button variant="outlined" sx={{ my: 2 }} disabled={picked.length !== 2} onClick={compare}>{t('events.versions.showDiff')}</Button>
      {diff && (
        <>
          <Typography component="h3" variant="subtitle1" gutterBottom>{t('events.versions.diffOf', { from: diff.from, to: diff.to })}</Typography>
          <DiffView diff={diff} />
        </>
      )}
      <Dialog open={confirming !== undefined} onClose={() => setConfirming(undefined)} aria-labelledby="rollback-title">
        <DialogTitle id="rollback-title">{t('events.versions.rollBack', { version: confirming })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('events.versions.confirm', { version: confirming })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(undefined)}>{t('events.versions.cancel')}</Button>
          <Button variant="contained" onClick={() => confirming !== undefined && rollBack(confirming)}>{t('events.versions.confirmButton')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
