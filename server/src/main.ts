/**
 * The entry point. V8's memory settings come first, before any other module is loaded: loading
 * the service's modules and their packages alone grew the young generation to 16 MB per
 * semi-space. Only then is the service loaded and started (start.ts holds the young generation
 * at its working size from when the server answers).
 */
import { applyV8MemoryFlags } from './memory-flags.js';

applyV8MemoryFlags();
await import('./start.js');
