import { Injectable } from '@nestjs/common';
import { MotorInsurers } from '../motor-insurers';

export interface InsurerName {
  en: string;
  ar: string;
}

/**
 * Insurers' display names for the console. The directory answers from its one-minute cache; when the
 * insurers' service is down the console still answers, with codes instead of names.
 */
@Injectable()
export class InsurerDirectory {
  constructor(private readonly insurers: MotorInsurers) {}

  async names(): Promise<Map<string, InsurerName>> {
    try {
      return new Map((await this.insurers.list()).map((i) => [i.code, { en: i.nameEn, ar: i.nameAr || i.nameEn }]));
    } catch {
      return new Map();
    }
  }
}
