-- Credentials issued before documents could be private were served to anyone: they hold
-- personal data, so from now on only their subject (and admins) may read them.
UPDATE "ipfs_blocks" AS b SET "owner_user_id" = s."user_id" FROM "sbts" AS s WHERE s."vc_cid" = b."cid" AND b."owner_user_id" IS NULL;
