// Run by pdf-pool.test.ts in a process of its own: draws one PDF and never closes the pool,
// so the process ends only if the idle worker thread lets it.
import { PdfRenderPool } from '../../../../src/server/fulfilment/pdf-pool';

const pdf = await new PdfRenderPool(2).render({ eventName: 'Concierto', when: null, venue: null, purchaseId: 'p-1', lang: 'es', tickets: [{ folio: 1, ticketTypeName: 'General', attendeeName: 'Ana', qrSecret: 's' }] });
console.log(`drawn ${pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length}`);
