/** What differs between families in the OpenAPI example of a newly submitted claim. */
export interface ClaimExampleParts {
  id: number;
  policy_id: number;
  claim_type: string;
  incident_date: string;
  description: string;
  /** A decimal string with two places, as claims answer it. */
  requested_amount: string;
  /** The example's one supporting document, or none. */
  document: 'pdf' | 'photo' | null;
  submitted_at: string;
}

const DOCUMENTS = {
  pdf: { url: 'http://localhost:3000/files/0b6f3c2e-7d1a-4c55-9a0e-1e4d5c6b7a80.pdf', content_type: 'application/pdf', size: 48211 },
  photo: { url: 'http://localhost:3000/files/0b6f3c2e-7d1a-4c55-9a0e-1e4d5c6b7a80.jpg', content_type: 'image/jpeg', size: 482113 },
};

/** A claim as every family answers it right after submission (the field order is the response's). */
export function submittedClaimExample({ id, document, submitted_at, ...parts }: ClaimExampleParts) {
  return {
    id,
    claim_id: id,
    ...parts,
    approved_amount: null,
    paid_amount: null,
    status: 'submitted',
    claim_status: 0,
    documents: document ? [DOCUMENTS[document]] : [],
    status_history: [{ status: 'submitted', at: submitted_at }],
    created_at: submitted_at,
    updated_at: submitted_at,
  };
}
