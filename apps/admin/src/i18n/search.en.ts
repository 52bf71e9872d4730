/** The one search box: policies of every family and payments, by whatever the caller has in hand. */
export const searchEn = {
  title: 'Search',
  placeholder: 'Owner id, national id, phone, email, policy number, payment reference',
  hint: 'A policy id, or at least three characters. Personal details are matched only where your role may read them.',
  /** The app bar field's accessible name: no word a page's own field could be labelled with. */
  box: 'Look up anyone, anything',
  submit: 'Search',
  results: '%{count} result |||| %{count} results',
  truncated: 'Showing the newest %{count}. Type more to narrow it down.',
  empty: 'Nothing matches “%{q}”.',
  policy_of_payment: 'Policy',
  matched: {
    id: 'Policy id',
    policy_number: 'Policy number',
    reference: 'Reference',
    national_id: 'National id',
    phone: 'Phone',
    email: 'Email',
    name: 'Name',
    payment_id: 'Payment id',
    vendor_reference: 'Payment reference',
  },
  status: {
    pending: 'Pending',
    active: 'Active',
    cancelled: 'Cancelled',
    on_hold: 'On hold',
    paid: 'Paid',
    failed: 'Failed',
    expired: 'Expired',
    refunded: 'Refunded',
  },
};
