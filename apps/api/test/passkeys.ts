import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A software authenticator (P-256, "none" attestation, user verified), enough for the server's
 * checks: what Chromium's virtual authenticator does in e2e/second-factor.e2e.ts.
 */
export function softAuthenticator(rpId = "localhost") {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const id = randomBytes(16);
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
  const rpIdHash = createHash("sha256").update(rpId).digest();
  const clientData = (type: string, challenge: string, origin: string) =>
    b64(Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })));
  let count = 0;
  const counter = () => Buffer.from([0, 0, 0, ++count]);
  return {
    register(challenge: string, origin = `http://${rpId}:8080`) {
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, "base64url")],
          [-3, Buffer.from(jwk.y!, "base64url")],
        ]),
      );
      const length = Buffer.from([0, id.length]);
      const authData = Buffer.concat([
        rpIdHash,
        Buffer.from([0x45]),
        counter(),
        Buffer.alloc(16),
        length,
        id,
        cose,
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", authData],
        ]) as never,
      );
      return {
        id: b64(id),
        rawId: b64(id),
        type: "public-key",
        response: {
          clientDataJSON: clientData("webauthn.create", challenge, origin),
          attestationObject: b64(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
      };
    },
    assert(challenge: string, origin = `http://${rpId}:8080`) {
      const clientDataJSON = clientData("webauthn.get", challenge, origin);
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x05]), counter()]);
      const signed = Buffer.concat([
        authData,
        createHash("sha256").update(Buffer.from(clientDataJSON, "base64url")).digest(),
      ]);
      return {
        id: b64(id),
        rawId: b64(id),
        type: "public-key",
        response: {
          clientDataJSON,
          authenticatorData: b64(authData),
          signature: b64(sign("sha256", signed, privateKey)),
        },
        clientExtensionResults: {},
      };
    },
  };
}
