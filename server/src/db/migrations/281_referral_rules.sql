-- Security probe 2026-11-26 M2 and L6: the referral rules a real programme uses (server/CONTRACT.md "Referral rules").
-- An attribution counts from referral_confirmed_at: once the introduced account confirmed its e-mail (or, an account
-- with a WeChat/Alipay identity, paid an order as a payer other than the referrer). Accounts attributed before this
-- count from their confirmation, if they have one.
ALTER TABLE users ADD COLUMN referral_confirmed_at timestamptz;
UPDATE users SET referral_confirmed_at = greatest(email_verified_at, referred_at) WHERE referred_by IS NOT NULL AND email_verified_at IS NOT NULL;
-- Shoppers join only open groups; the others are the operator's to assign (npm run referral -- assign).
ALTER TABLE referral_groups ADD COLUMN open boolean NOT NULL DEFAULT false;
UPDATE referral_groups SET open = true WHERE is_default;
-- The hold of the referrer's group when the commission accrued: a later change of group does not shorten it.
ALTER TABLE referral_commissions ADD COLUMN hold_days int;
