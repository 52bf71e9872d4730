/**
 * Seeded national addresses of the sandbox registry, keyed by short address (four letters then the
 * four-digit building number). Streets, districts and postcodes are real-looking, not real homes.
 */
export interface NationalAddressRecord {
  shortAddress: string;
  buildingNumber: string;
  zipCode: string;
  additionalNumber: string;
  streetName: string;
  districtName: string;
  cityName: string;
}

const a = (
  shortAddress: string,
  zipCode: string,
  additionalNumber: string,
  streetName: string,
  districtName: string,
  cityName: string,
): NationalAddressRecord => ({
  shortAddress,
  buildingNumber: shortAddress.slice(4),
  zipCode,
  additionalNumber,
  streetName,
  districtName,
  cityName,
});

export const NATIONAL_ADDRESSES: readonly NationalAddressRecord[] = [
  a('RRRC7866', '13521', '3412', 'Al Imam Saud Bin Faisal Road', 'Al Sahafah', 'Riyadh'),
  a('RHMA2231', '12244', '6605', 'Prince Turki Bin Abdulaziz Al Awwal Street', 'Hittin', 'Riyadh'),
  a('RNOA4417', '12611', '2298', 'Olaya Street', 'Al Olaya', 'Riyadh'),
  a('RQMB8120', '14513', '7741', 'Al Urubah Road', 'Al Malaz', 'Riyadh'),
  a('JEDA3305', '23432', '5520', 'Prince Sultan Street', 'Al Zahra', 'Jeddah'),
  a('JRWA6512', '23512', '8831', 'Tahlia Street', 'Al Andalus', 'Jeddah'),
  a('JBSH1098', '21577', '4403', 'King Abdulaziz Road', 'Al Shati', 'Jeddah'),
  a('MKHA5521', '24231', '3307', 'Ibrahim Al Khalil Street', 'Al Aziziyah', 'Makkah'),
  a('MDNA7243', '42313', '2189', 'King Abdullah Road', 'Quba', 'Madinah'),
  a('DDMA9034', '32241', '6617', 'King Saud Street', 'Al Faisaliyah', 'Dammam'),
  a('DKHA2087', '34424', '4420', 'Prince Turki Street', 'Al Yarmouk', 'Khobar'),
  a('DDHA6110', '34465', '8802', 'Dhahran Street', 'Al Doha Al Janubiyah', 'Dhahran'),
  a('HHFA3367', '36362', '2210', 'King Khalid Road', 'Al Mubarraz', 'Al Ahsa'),
  a('TTFA4702', '26513', '7724', 'Shubra Street', 'Al Shuhada', 'Taif'),
  a('TBKA1183', '47912', '3350', 'Prince Fahd Bin Sultan Road', 'Al Muruj', 'Tabuk'),
  a('AABA5539', '62523', '6631', 'King Faisal Road', 'Al Mansak', 'Abha'),
  a('QBRA8826', '52367', '4418', 'King Abdulaziz Road', 'Al Rayyan', 'Buraidah'),
  a('HAIA2275', '55421', '2267', 'King Fahd Road', 'Al Nuqrah', 'Hail'),
  a('JZNA6641', '82723', '5519', 'King Fahd Road', 'Al Rawdah', 'Jazan'),
  a('NJRA3394', '66271', '3381', 'King Abdulaziz Road', 'Al Faisaliyah', 'Najran'),
  a('YNBA7718', '46423', '8856', 'King Abdulaziz Road', 'Al Sumairi', 'Yanbu'),
  a('JBLA5052', '35514', '2244', 'Jubail Industrial Road', 'Al Fanateer', 'Jubail'),
];

export function findNationalAddress(shortAddress: string): NationalAddressRecord | null {
  return NATIONAL_ADDRESSES.find((r) => r.shortAddress === shortAddress) ?? null;
}
