/** The product families whose policies take claims (the API checks the family and its claim types again). */
export const CLAIM_FAMILIES = ['property', 'motor-tpl', 'medical', 'life', 'horse', 'travel'].map((id) => ({ id, name: id }));
