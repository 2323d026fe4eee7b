import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFiscalProfile, saveFiscalProfile } from '../../src/server/repositories/invoice.repository';
import { purgeStaleFiscalProfiles } from '../../src/server/services/data-retention.service';
import { skipDatabase, testDialect } from '../support/test-database';
import { createPaymentsApp, type PaymentsTestApp } from './payments/helpers';

const DAY = 86_400_000;
const DATA = { rfc: 'EKU9003173C9', razon_social: 'ESCUELA KEMPER URGATE', regimen_fiscal: '601', codigo_postal: '26015', uso_cfdi: 'G03' };

/**
 * The fiscal data a buyer saved for their next factura (`fiscal_profiles`) go FISCAL_DATA_RETENTION_MONTHS
 * after they were last used (saved again by a request), in the same timer as the unpaid purchases' data.
 */
describe.skipIf(skipDatabase)(`erasing saved fiscal data unused for the retention on ${testDialect}`, () => {
  let t: PaymentsTestApp;
  beforeAll(async () => {
    t = await createPaymentsApp({ fiscalDataRetentionMonths: 13 });
  });
  afterAll(() => t.close());

  const save = (email: string) => saveFiscalProfile(t.ctx.db.kysely, email, DATA, t.ctx.now().toISOString());

  it('keeps data used within the retention, erases the rest in batches, and a new use restarts the count', async () => {
    for (const n of [1, 2, 3]) await save(`viejo${n}@example.mx`);
    await save('renovado@example.mx');
    t.advance(200 * DAY);
    await save('renovado@example.mx');
    await save('reciente@example.mx');
    expect(await purgeStaleFiscalProfiles(t.ctx)).toBe(0);

    // 13 months after the first saves, less than 13 after the renewal and the recent one.
    t.advance(230 * DAY);
    expect(await purgeStaleFiscalProfiles(t.ctx, { batchSize: 2 })).toBe(3);
    for (const n of [1, 2, 3]) expect(await findFiscalProfile(t.ctx.db.kysely, `viejo${n}@example.mx`)).toBeUndefined();
    expect(await findFiscalProfile(t.ctx.db.kysely, 'renovado@example.mx')).toEqual(DATA);
    expect(await findFiscalProfile(t.ctx.db.kysely, 'reciente@example.mx')).toEqual(DATA);
  });
});
