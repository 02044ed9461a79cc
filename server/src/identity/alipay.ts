/**
 * Alipay sign-in: the mini-program's my.getAuthCode code exchanged with alipay.system.oauth.token
 * (grant_type=authorization_code), through the official alipay-sdk, which signs the request with the app's private key
 * and verifies the answer with the Alipay public key (the same ALIPAY_* settings as Alipay payments).
 *
 * The answer carries `user_id` (2088…, the same for the person in every app of the merchant) or, for apps created
 * since Alipay's open_id migration, `open_id` (per app). Whichever the app receives is the account's subject and the
 * buyer id alipay.trade.create names. A refused code comes back as `error_response` (isv.code-invalid and friends):
 * the SDK reads it but cannot verify its signature (it looks for the method's key), so a refusal is taken as it reads
 * — forging one only refuses a sign-in; only a verified answer ever signs anyone in.
 */
import { alipaySdk, beijingTimestamp, type AlipaySettings } from '../payments/alipay.ts';
import { IdentityCodeError, IdentityServiceError, type IdentityProvider, type VerifiedIdentity } from './provider.ts';

const METHOD = 'alipay.system.oauth.token';
/** Sub-codes that mean the shopper's code is no good (expired, used, for another app); anything else is the store's problem. */
const CODE_REFUSED = /^isv\.(code-invalid|invalid-code|auth-code-expired|code-expired|grant-type-invalid)$|^isv\.app-unbind-partner$/;

/** The refusal inside an answer the SDK could not verify, when it is one (error_response with a sub_code). */
function refusalIn(raw: unknown): { subCode: string; subMsg: string } | null {
  try {
    const body = JSON.parse(String(raw ?? ''));
    const e = body?.error_response ?? body?.alipay_system_oauth_token_response;
    return e?.sub_code ? { subCode: String(e.sub_code), subMsg: String(e.sub_msg ?? e.msg ?? '') } : null;
  } catch {
    return null;
  }
}

export function alipayIdentity(s: AlipaySettings): Pick<IdentityProvider, 'exchange'> {
  const sdk = alipaySdk(s);
  return {
    async exchange(_channel, code): Promise<VerifiedIdentity> {
      if (!/^[A-Za-z0-9_-]{1,128}$/.test(code)) throw new IdentityCodeError('The Alipay code was not accepted');
      let answer: any;
      try {
        answer = await (await sdk()).exec(METHOD, { grant_type: 'authorization_code', code, timestamp: beijingTimestamp() }, { validateSign: true });
      } catch (e: any) {
        const refusal = refusalIn(e?.responseDataRaw);
        if (refusal && CODE_REFUSED.test(refusal.subCode)) throw new IdentityCodeError(`The Alipay code was not accepted (${refusal.subCode})`);
        throw new IdentityServiceError(`${METHOD}: ${refusal ? `${refusal.subCode} ${refusal.subMsg}` : String(e?.message ?? e).slice(0, 300)}`);
      }
      const subject = String(answer?.user_id || answer?.open_id || '');
      if (answer?.sub_code) {
        if (CODE_REFUSED.test(String(answer.sub_code))) throw new IdentityCodeError(`The Alipay code was not accepted (${answer.sub_code})`);
        throw new IdentityServiceError(`${METHOD}: ${answer.sub_code} ${answer.sub_msg ?? ''}`);
      }
      if (!subject) throw new IdentityServiceError(`${METHOD}: the answer names neither user_id nor open_id`);
      return { provider: 'alipay', subject, openId: subject };
    },
  };
}
