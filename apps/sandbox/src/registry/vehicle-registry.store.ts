import type { WireRegisterVehicleRequest } from '@lib/providers';

export interface RegisteredVehicle extends WireRegisterVehicleRequest {
  registered_at: string;
}

/** Imported vehicles known to the simulated national platform, keyed by customs card number. */
export class VehicleRegistryStore {
  private readonly vehicles = new Map<string, RegisteredVehicle>();

  find(customNumber: string): RegisteredVehicle | null {
    return this.vehicles.get(customNumber) ?? null;
  }

  /** Keeps the first registration of a custom number; a repeat returns it unchanged. */
  register(vehicle: WireRegisterVehicleRequest, at: Date): { vehicle: RegisteredVehicle; created: boolean } {
    const existing = this.vehicles.get(vehicle.custom_number);
    if (existing) return { vehicle: existing, created: false };
    const stored = { ...vehicle, registered_at: at.toISOString() };
    this.vehicles.set(vehicle.custom_number, stored);
    return { vehicle: stored, created: true };
  }

  clear(): void {
    this.vehicles.clear();
  }
}
