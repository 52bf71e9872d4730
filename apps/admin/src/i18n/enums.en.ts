/** Labels of the codes the API sends (insurers, frequencies, building types...), one group per vocabulary; `EnumText` shows them. */
export const enumsEn = {
  insurer: {
    dune: 'Dune Cooperative Insurance',
    palm: 'Palm Grove Takaful',
    oryx: 'Oryx Motor Assurance',
    compass: 'Red Sea Compass Insurance',
    lantern: 'Lantern Mutual',
    caravan: 'Caravan Shield Insurance',
    pearl: 'Pearl Coast Insurance',
    summit: 'Summit Ridge Takaful',
    naseem: 'Naseem Direct Insurance',
  },
  premium_frequency: { monthly: 'Monthly', quarterly: 'Quarterly', semi_annual: 'Every six months', annual: 'Annual' },
  relationship: { spouse: 'Spouse', child: 'Child', parent: 'Parent', sibling: 'Sibling', other: 'Other' },
  gender: { male: 'Male', female: 'Female', M: 'Male', F: 'Female', m: 'Male', f: 'Female' },
  horse_sex: { male: 'Stallion', female: 'Mare', gelding: 'Gelding' },
  horse_use: { racing: 'Racing', breeding: 'Breeding', show_jumping: 'Show jumping', endurance: 'Endurance', leisure: 'Leisure' },
  building_type: { apartment: 'Apartment', villa: 'Villa', private_accommodation: 'Private accommodation' },
  document_category: { home: 'Home', valuables: 'Valuables', surroundings: 'Surroundings', other: 'Other' },
  medical_tier: { basic: 'Basic', standard: 'Standard', premium: 'Premium', executive: 'Executive' },
};
