/** The renewals worklist's words (console). */
export const renewalsEn = {
  name: 'Renewal due |||| Renewals due',
  fields: {
    family: 'Product',
    policy_id: 'Policy',
    client_name: 'Client',
    holder: 'Customer',
    ends_at: 'Ends',
    offer: 'Offered',
    taken: 'Taken',
  },
  offers: {
    re_quote: 'Re-quote with the quote request data',
    renewal_price: 'Next term from the insurer',
    notice: 'Notice only',
  },
  taken_yes: 'Taken',
  taken_no: 'Not taken',
};
