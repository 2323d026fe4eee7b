const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * An operator FINISH block with every `{purchase_id}` placeholder replaced by the purchase
 * id (escaped: it is inserted into HTML that is sanitised afterwards).
 */
export function fillFinishHtml(html: string, purchaseId: string): string {
  const safeId = purchaseId.replace(/[&<>"']/g, (c) => ESCAPES[c]);
  return html.replace(/\{\s*purchase_id\s*\}/g, () => safeId);
}

/** The file name the ticket PDF is saved under: `compra_{purchase_id}.pdf`. */
export function ticketsFileName(purchaseId: string): string {
  return `compra_${purchaseId}.pdf`;
}
