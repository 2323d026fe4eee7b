/**
 * The style of the static first view (`first-view.ts`), inline in the page's head: plain CSS
 * with the geometry of the storefront's MUI components (theme `src/client/theme.ts`, MUI's
 * CssBaseline, Typography, Button and the `sx` of EventLayout, Header, LanguageSwitch, StepBar,
 * Panel, TicketsPage, TicketRow, QuantitySelect, MoreInfo and SafeHtml), breakpoints sm 600 px and
 * md 900 px, so each piece sits where React's first render puts it. Change it with them.
 */
export const FIRST_VIEW_STYLE = [
  'html{-webkit-font-smoothing:antialiased;-moz-osx-font-smoothing:grayscale;box-sizing:border-box;-webkit-text-size-adjust:100%}',
  '*,*::before,*::after{box-sizing:inherit}',
  'body{margin:0;color:rgba(0,0,0,.87);font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-weight:400;font-size:1rem;line-height:1.5;letter-spacing:.00938em;background-color:#f5f6f8}',
  '.fv{min-height:100vh;display:flex;flex-direction:column}',
  '.fv-h{background:#fff;border-bottom:1px solid rgba(0,0,0,.12)}',
  '.fv-hi{max-width:1200px;margin:0 auto;padding:12px 16px;display:flex;align-items:center;gap:12px;flex-wrap:wrap}',
  '.fv-logo{width:48px;height:48px;object-fit:contain;border-radius:8px;flex-shrink:0}',
  '.fv-name{margin:0;font-weight:700;font-size:1rem;flex:1 1 140px;min-width:0}',
  '.fv-timer{min-width:76px;min-height:28px}',
  '.fv-lang{display:flex;gap:4px}',
  '.fv-b,.fv-more{display:inline-flex;align-items:center;justify-content:center;border-radius:8px;font-size:.8125rem;line-height:1.75;font-weight:600;letter-spacing:normal;color:#1f4fbf}',
  '.fv-b{min-width:44px;min-height:36px;padding:4px 5px}',
  '.fv-b.fv-on{padding:4px 10px;background:#1f4fbf;color:#fff}',
  '.fv-m{flex:1;width:100%;max-width:1200px;margin:0 auto;padding:16px 12px}',
  '.fv-steps{list-style:none;margin:0 0 16px;padding:0;display:flex;gap:4px;flex-wrap:wrap}',
  '.fv-steps li{display:flex;align-items:center;gap:6px;padding:4px 10px;border-radius:40px;font-size:.8rem;font-weight:500;background:#fff;color:rgba(0,0,0,.6);border:1px solid rgba(0,0,0,.12)}',
  '.fv-steps span{font-variant-numeric:tabular-nums}',
  '.fv-steps .fv-on{font-weight:700;background:#1f4fbf;color:#fff;border-color:#1f4fbf}',
  '.fv-grid{display:grid;grid-template-columns:minmax(0,1fr);align-items:start}',
  '.fv-p{background:#fff;border-radius:16px;border:1px solid rgba(0,0,0,.12);padding:16px;margin-bottom:16px}',
  '.fv-t{margin-bottom:8px;font-size:1.6rem;font-weight:700;line-height:1.167}',
  '.fv-rows{list-style:none;margin:0;padding:0}',
  '.fv-rows>li{padding:16px 0;border-bottom:1px solid rgba(0,0,0,.12)}',
  '.fv-rows>li:last-of-type{border-bottom:0}',
  '.fv-r{display:flex;gap:16px;align-items:flex-start;justify-content:space-between}',
  '.fv-n{min-width:0}',
  '.fv-n div{font-size:1.05rem;font-weight:600;line-height:1.167}',
  '.fv-n p{margin:4px 0 0;font-weight:600}',
  '.fv-out{margin:0;font-weight:700;color:#c62828;white-space:nowrap}',
  '.fv-q{display:flex;flex-direction:column;gap:4px;min-width:96px}',
  '.fv-q span{font-size:.8rem;color:rgba(0,0,0,.6)}',
  '.fv-q select{font:inherit;font-size:1rem;min-height:44px;padding:0 12px;border-radius:8px;border:1px solid #9e9e9e;background:#fff;color:rgba(0,0,0,.87)}',
  '.fv-more{min-width:64px;padding:4px}',
  // MUI's small end icon: 18 px, 8 px before it, -2 px after.
  '.fv-more::after{content:"";width:18px;height:18px;margin:0 -2px 0 8px}',
  '.fv-html img{max-width:100%;height:auto}',
  '.fv-html a{color:#1f4fbf}',
  '.fv-html p{margin:8px 0}',
  '@media(min-width:600px){.fv-hi{padding:12px 24px;gap:16px}.fv-name{font-size:1.15rem}.fv-m{padding:24px}.fv-steps{gap:8px}.fv-steps li{font-size:.9rem}.fv-p{padding:24px}}',
  '@media(min-width:900px){.fv-grid{grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:24px}}',
].join('');
