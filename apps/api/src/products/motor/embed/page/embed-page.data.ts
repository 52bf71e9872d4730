// What the embed page's script (apps/embed, built by Vite) reads: the session data this page's controller inlines in
// its HTML and the answers of the session's own endpoints. Shared by both sides: the controller's data is typed with
// PageData, the script imports this file as '@shared/embed-page'. Types and constants only, nothing of the server.

export type Locale = 'en' | 'ar';
export type CoverType = 'Comprehensive' | 'TPL +' | 'TPL';
export type FixType = 'Agency' | 'workshop' | '';
export type QuotesStatus = 'in_progress' | 'complete' | 'failed';
export const PHOTO_PARTS = ['front', 'back', 'right', 'left', 'chassis'] as const;
export type PhotoPart = (typeof PHOTO_PARTS)[number];
export type PhotoUrls = Record<PhotoPart, string>;

export interface Price {
  quote_price_id: string;
  deductible: number | null;
  total: number;
}

export interface Benefit {
  quote_benefit_id: string;
  name: string;
  name_ar: string;
  amount: number;
  vat: number;
}

export interface Offer {
  quote_reference_id: string;
  company_name: string;
  company_name_ar: string;
  company_logo_url: string;
  square_company_logo_url: string;
  type: CoverType;
  insurance_type_display: string;
  insurance_type_display_ar: string;
  fix_type: FixType;
  prices: Price[];
  benefits: Benefit[];
}

/** The policy once issued: what the last screen and the `policy_issued` message show. */
export interface Policy {
  id: number;
  status: number;
  price: number | null;
  payment_link: string | null;
  created_at: string;
}

/** GET /embed/<token>/session, inlined in the page as `view`. */
export interface View {
  status: QuotesStatus;
  /** Insurers still to answer (a session opened with Prefer: respond-async). */
  pending: string[];
  session: { deep_link: string | null };
  /** The customer's phone, masked. */
  phone: string;
  photos: PhotoUrls | null;
  quotes: Offer[];
  policy: Policy | null;
}

export type EmbedPlatform = 'web' | 'webview';

interface SessionData {
  session_id: string;
  quote_request_id: number;
  parent_origin: string | null;
  platform: EmbedPlatform;
  locale: Locale;
}

/** The page's inline data (<script type="application/json" id="embed-data">), by the session's state. */
export type PageData = ({ state: 'open'; api: string; view: View } & SessionData) | ({ state: 'expired' } & SessionData) | { state: 'missing' | 'refused' };

/** POST /embed/<token>/photos. */
export interface PhotosAnswer {
  attachments: PhotoUrls;
}

/** An `insurer` event of /embed/<token>/events: one insurer's answer with its offers. */
export interface InsurerEvent {
  code: string;
  quotes: Offer[];
}

/** The `complete` event: every insurer answered. */
export interface CompleteEvent {
  status: QuotesStatus;
}

/** An error answer of the session's endpoints (the API's problem details, as far as the page reads them). */
export interface Problem {
  message?: string;
  details?: Record<string, string[]>;
}
