import type { PhotoPart } from '@lib/providers';

export type PhotoSet = Record<PhotoPart, string>;

export interface StoredPhotos {
  photos: PhotoSet;
  registered_at: string;
}

/** Each insurer keeps the first accepted photo set per vehicle; later sets never replace it. */
export class PhotoStore {
  private readonly sets = new Map<string, StoredPhotos>();

  private key(insurer: string, vehicleKey: string): string {
    return `${insurer}\u0000${vehicleKey}`;
  }

  find(insurer: string, vehicleKey: string): StoredPhotos | null {
    return this.sets.get(this.key(insurer, vehicleKey)) ?? null;
  }

  keepFirst(insurer: string, vehicleKey: string, photos: PhotoSet, at: Date): { stored: StoredPhotos; created: boolean } {
    const key = this.key(insurer, vehicleKey);
    const existing = this.sets.get(key);
    if (existing) return { stored: existing, created: false };
    const stored = { photos: { ...photos }, registered_at: at.toISOString() };
    this.sets.set(key, stored);
    return { stored, created: true };
  }

  clear(): void {
    this.sets.clear();
  }
}
