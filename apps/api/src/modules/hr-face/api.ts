// The hr-face module's public functions for other modules (docs/ARCHITECTURE.md, "Boundaries").
export {
  checkPunchFace,
  deleteFaceOnTermination,
  linkFaceCheck,
  type FacePolicy,
  type PunchFaceInput,
  type PunchFaceResult,
} from './service.ts';
