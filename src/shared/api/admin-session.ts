/** The operator console's accounts and sessions (`/api/admin/session`, `/api/admin/operators`, `/api/admin/audit`). */

/** What an operator's role may do; each admin route needs one (the role table: server `operators/roles.ts`). */
export type AdminPermission =
  | 'events.read'
  | 'events.write'
  | 'orders.read'
  | 'orders.change'
  | 'orders.refund'
  | 'door'
  | 'exports'
  | 'webhooks'
  | 'mail'
  | 'operators';

export type OperatorRole = 'owner' | 'manager' | 'box_office' | 'door' | 'viewer';

/** A signed-in operator as the console sees itself. */
export interface OperatorSelf {
  id: string;
  email: string;
  role: OperatorRole;
  /** Event urls the operator is limited to; null: every event. */
  events: string[] | null;
  /** What the role allows (the console hides what it lacks). */
  permissions: AdminPermission[];
}

/** `POST /api/admin/session`. */
export interface AdminLoginRequest {
  email: string;
  password: string;
  /** The authenticator's 6 digits, once the account has TOTP. */
  totp?: string;
}

/** A TOTP enrolment to finish with `POST /api/admin/session/totp`: the QR (SVG text) and the secret to type. */
export interface TotpEnrolment {
  otpauth_uri: string;
  secret: string;
  qr_svg: string;
}

/**
 * `POST /api/admin/session` (200) and `GET /api/admin/session`: signed in (`operator`), or signed in
 * only to enrol TOTP (`enrolment`); `csrf_token` goes in `X-CSRF-Token` on every state-changing call.
 */
export type AdminSessionResponse =
  | { operator: OperatorSelf; csrf_token: string }
  | { enrolment: TotpEnrolment; csrf_token: string };

/** `POST /api/admin/session/totp`. */
export interface TotpCodeRequest {
  code: string;
}

/** `POST /api/admin/password`: the one-time link's token and the new password (12 characters or more). */
export interface SetPasswordRequest {
  token: string;
  password: string;
}

export interface SetPasswordResponse {
  email: string;
}

/** One operator as an owner sees it (`GET /api/admin/operators`). */
export interface OperatorView {
  id: string;
  email: string;
  role: OperatorRole;
  events: string[] | null;
  totp_enabled: boolean;
  password_set: boolean;
  locked_until: string | null;
  disabled_at: string | null;
  created_at: string;
}

export interface OperatorListResponse {
  operators: OperatorView[];
}

/** `POST /api/admin/operators`: a new account and its one-time set-password link. */
export interface CreateOperatorRequest {
  email: string;
  role: OperatorRole;
  events?: string[] | null;
}

export interface CreateOperatorResponse {
  operator: OperatorView;
  set_password_url: string;
}

/** `PATCH /api/admin/operators/{id}`: any of role, events, disabled. */
export interface UpdateOperatorRequest {
  role?: OperatorRole;
  events?: string[] | null;
  disabled?: boolean;
}

/** One audit row: who (token, operator, or a failed login's anonymous caller), what, on what, from where. */
export interface AuditEntry {
  id: number;
  actor: 'token' | 'operator' | 'anonymous';
  operator_id: string | null;
  operator_email: string | null;
  action: string;
  target: string | null;
  detail: Record<string, unknown> | null;
  address: string | null;
  at: string;
}

/** `GET /api/admin/audit?before=&limit=`: newest first; `next_before` pages on (null: no more). */
export interface AuditListResponse {
  entries: AuditEntry[];
  next_before: number | null;
}
