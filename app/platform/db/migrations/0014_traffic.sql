CREATE TABLE "traffic_daily" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"referrer" text NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"utm_variant" text DEFAULT '' NOT NULL,
	"utm_cta" text DEFAULT '' NOT NULL,
	"device" text NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "traffic_daily_pk" PRIMARY KEY("day","path","referrer","utm_source","utm_medium","utm_campaign","utm_variant","utm_cta","device"),
	CONSTRAINT "traffic_daily_device_check" CHECK ("traffic_daily"."device" in ('phone', 'tablet', 'desktop'))
);
--> statement-breakpoint
CREATE TABLE "traffic_marks" (
	"day" date NOT NULL,
	"mark" text NOT NULL,
	CONSTRAINT "traffic_marks_pk" PRIMARY KEY("day","mark")
);
--> statement-breakpoint
CREATE TABLE "traffic_months" (
	"dimension" text NOT NULL,
	"month" date NOT NULL,
	"key" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "traffic_months_pk" PRIMARY KEY("dimension","month","key","detail"),
	CONSTRAINT "traffic_months_dimension_check" CHECK ("traffic_months"."dimension" in ('page', 'referrer', 'campaign', 'device'))
);
--> statement-breakpoint
CREATE TABLE "traffic_secrets" (
	"day" date PRIMARY KEY NOT NULL,
	"secret" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_totals" (
	"dimension" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "traffic_totals_pk" PRIMARY KEY("dimension","day","key","detail"),
	CONSTRAINT "traffic_totals_dimension_check" CHECK ("traffic_totals"."dimension" in ('all', 'page', 'referrer', 'campaign', 'device'))
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "source_referrer" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "utm_variant" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "utm_cta" text;