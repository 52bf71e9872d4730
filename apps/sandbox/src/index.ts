export { createSandboxServer, INSURER_CODES, type SandboxServerOptions } from './sandbox-server';
export { readSandboxEnv, type SandboxEnv } from './sandbox-env';
export { FAULT_MODES, type FaultMode, type InsurerBehaviour, type SandboxProfile } from './insurers/insurer-behaviour.store';
