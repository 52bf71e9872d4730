import type { MedicalInsurerCode, MedicalTier } from '@lib/providers';
import { findInsurer } from '../insurers/insurer-catalogue.data';

export interface MedicalPackageProfile {
  name: string;
  nameAr: string;
  /** Yearly price per adult member, SAR net of VAT. */
  price: string;
  annualLimit: string;
  network: { name: string; hospitals: number };
}

export interface MedicalInsurerProfile {
  code: MedicalInsurerCode;
  packages: Record<MedicalTier, MedicalPackageProfile>;
}

const pkg = (name: string, nameAr: string, price: string, annualLimit: string, network: string, hospitals: number): MedicalPackageProfile => ({
  name,
  nameAr,
  price,
  annualLimit,
  network: { name: network, hospitals },
});

/**
 * The catalogue's insurers that also sell SME medical cover (fictional, like the catalogue). Prices and
 * networks are invented; they differ per insurer so quotes can be compared.
 */
export const MEDICAL_INSURERS: readonly MedicalInsurerProfile[] = [
  {
    code: 'dune',
    packages: {
      basic: pkg('Dune Care Basic', 'الكثبان للرعاية الأساسي', '3200.00', '500000.00', 'Network C', 120),
      standard: pkg('Dune Care Standard', 'الكثبان للرعاية القياسي', '4800.00', '1000000.00', 'Network B', 240),
      premium: pkg('Dune Care Premium', 'الكثبان للرعاية المميز', '7600.00', '1000000.00', 'Network A', 410),
      executive: pkg('Dune Care Executive', 'الكثبان للرعاية التنفيذي', '12500.00', '1000000.00', 'Network VIP', 520),
    },
  },
  {
    code: 'palm',
    packages: {
      basic: pkg('Palm Health Essential', 'النخيل للصحة الأساسي', '3050.00', '500000.00', 'Palm Clinics', 95),
      standard: pkg('Palm Health Plus', 'النخيل للصحة بلس', '5100.00', '1000000.00', 'Palm Hospitals', 260),
      premium: pkg('Palm Health Gold', 'النخيل للصحة الذهبي', '7900.00', '1000000.00', 'Palm Gold', 380),
      executive: pkg('Palm Health Platinum', 'النخيل للصحة البلاتيني', '13200.00', '1000000.00', 'Palm Platinum', 470),
    },
  },
  {
    code: 'summit',
    packages: {
      basic: pkg('Summit Medical Core', 'القمة الطبي الأساسي', '3400.00', '500000.00', 'Summit Select', 140),
      standard: pkg('Summit Medical Silver', 'القمة الطبي الفضي', '4650.00', '1000000.00', 'Summit Wide', 300),
      premium: pkg('Summit Medical Gold', 'القمة الطبي الذهبي', '7350.00', '1000000.00', 'Summit Prime', 430),
      executive: pkg('Summit Medical Diamond', 'القمة الطبي الماسي', '11900.00', '1000000.00', 'Summit Global', 560),
    },
  },
];

export function findMedicalInsurer(code: string): MedicalInsurerProfile | undefined {
  return MEDICAL_INSURERS.find((i) => i.code === code);
}

export function medicalInsurerNames(code: string): { en: string; ar: string } {
  const base = findInsurer(code)!;
  return { en: base.nameEn, ar: base.nameAr };
}
