// The auth module's public functions for other modules (docs/ARCHITECTURE.md, "Boundaries").
export {
  type Limit,
  type ThrottleKey,
  clearThrottle,
  recordFailure,
  throttleState,
} from './throttle.ts';
