CREATE TABLE "staff_removed_addresses" (
	"address_hash" text PRIMARY KEY NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
