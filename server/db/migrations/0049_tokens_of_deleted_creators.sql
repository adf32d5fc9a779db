-- A token holds what its role and its creator's role both hold (ADR 0019), and deleting a user
-- revokes the tokens they made. Tokens whose creator was deleted before that kept working with
-- no one behind them: they are revoked here, as the delete now does.
UPDATE "api_tokens" SET "revoked_at" = now() WHERE "created_by" IS NULL AND "revoked_at" IS NULL;
