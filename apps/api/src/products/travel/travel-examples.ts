/** Request and response examples of the travel routes' OpenAPI descriptions. */
export const TRAVELLER_EXAMPLE = {
  nationality: 'SA',
  full_name: 'Sara Alqahtani',
  passport_number: 'G12345678',
  gender: 'f',
  date_of_birth: '1990-04-02',
  relation: 'self',
  passport_expiry_date: '2030-01-01',
};

export const QUOTE_REQUEST_EXAMPLE = {
  nationality_id: '1012345678',
  phone_number: '+966501234567',
  email: 'sara@example.com',
  multi_entry: false,
  duration: 10,
  start_date: '2027-02-27',
  date_of_birth: '1990-04-02',
  travellers: [TRAVELLER_EXAMPLE],
};

export const BILL_EXAMPLE = { items: { adult: { count: 1, price: 55, total: 55 } }, adminFees: 25, subtotal: 80, vat_percentage: 15, vat: 12, total: 92 };

export const QUOTE_EXAMPLE = {
  quote_id: 'Q-V1GN40HU',
  type: 'yasmina_schengen_travel_insurance',
  client_id: '44efa27f-2a0b-4f4e-9a43-5cf1e3b0c2d1',
  ...QUOTE_REQUEST_EXAMPLE,
  end_date: '2027-03-08',
  bill: BILL_EXAMPLE,
  price: 92,
  currency: 'SAR',
  insurer_code: 'compass',
  meta_data: { travellers: [TRAVELLER_EXAMPLE], multi_entry: false, start_date: '2027-02-27', duration: 10 },
  documents_uploaded: false,
  expires_at: '2027-02-05T07:12:38.000000Z',
  created_at: '2027-02-03T07:12:38.000000Z',
  updated_at: '2027-02-03T07:12:38.000000Z',
};

export const POLICY_EXAMPLE = {
  id: 7,
  status: 0,
  product_id: 10,
  client_id: QUOTE_EXAMPLE.client_id,
  quote_id: 'Q-V1GN40HU',
  insurer_code: 'compass',
  meta_data: {
    bill: BILL_EXAMPLE,
    email: 'sara@example.com',
    price: 92,
    duration: 10,
    quote_id: 'Q-V1GN40HU',
    start_date: '2027-02-27',
    travellers: [TRAVELLER_EXAMPLE],
    multi_entry: false,
    phone_number: '+966501234567',
    date_of_birth: '1990-04-02',
    nationality_id: '1012345678',
  },
  price: 92,
  payment_link: 'http://localhost:3000/pay/9b1d0f3e6a7c4b2d8e5f1a3c7b9d2e4f6a8c0b1d',
  provider_policy_id: null,
  provider_policy: null,
  invoice: null,
  policy_url: null,
  invoice_url: null,
  redirect_url: 'https://shop.example.com/travel/done?policy=7',
  start_date: '2027-02-27',
  end_date: '2027-03-08',
  purchased_at: null,
  uploaded_at: null,
  canceled_at: null,
  refund_amount: null,
  created_at: '2027-02-03T07:20:11.000000Z',
  updated_at: '2027-02-03T07:20:11.000000Z',
};
