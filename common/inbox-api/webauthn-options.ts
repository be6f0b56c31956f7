/**
 * The options of a passkey ceremony as they travel to the browser (WebAuthn's JSON forms, the shapes
 * @simplewebauthn/browser takes): what the server's @simplewebauthn/server makes, and nothing else.
 */
import { z } from 'zod';

const requirement = z.enum(['discouraged', 'preferred', 'required']);
const hints = z.array(z.enum(['hybrid', 'security-key', 'client-device']));

/** A passkey the ceremony names (to allow it, or to leave it out): "public-key", with its transports. */
const descriptor = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** PublicKeyCredentialCreationOptionsJSON: making a passkey. */
export const creationOptions = z.object({
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(descriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: requirement.optional(),
      userVerification: requirement.optional(),
    })
    .optional(),
  hints: hints.optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});

/** PublicKeyCredentialRequestOptionsJSON: signing in, or checking it is the person, with a passkey. */
export const requestOptions = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(descriptor).optional(),
  userVerification: requirement.optional(),
  hints: hints.optional(),
});
