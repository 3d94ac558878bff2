import { EyeIcon, TargetIcon } from "lucide-react";
import { Card, CardDescription, CardIcon, CardTitle } from "~/components/ui/card";
import { Section, SectionHeading } from "~/components/ui/section";

export function MissionVision() {
  return (
    <Section aria-labelledby="mission-vision-title">
      <SectionHeading
        id="mission-vision-title"
        eyebrow="Why we exist"
        title="Our mission and vision"
        lead="We started Maternis because too many women arrive at a clinic, or in labour, without their history. We are here to change that."
      />
      <div className="grid gap-6 md:grid-cols-2">
        <Card className="border-t-4 border-t-primary-700">
          <CardIcon>
            <TargetIcon />
          </CardIcon>
          <CardTitle>Our Mission</CardTitle>
          <CardDescription className="text-lg">
            To give every mother a secure, portable digital record of her pregnancy, and to give the midwives and
            doctors who care for her the information they need to act early.
          </CardDescription>
        </Card>
        <Card className="border-t-4 border-t-accent-600">
          <CardIcon className="bg-accent-50! text-accent-700!">
            <EyeIcon />
          </CardIcon>
          <CardTitle>Our Vision</CardTitle>
          <CardDescription className="text-lg">
            A world where no woman dies from a preventable complication of pregnancy because her history was missing,
            and where every mother owns her own health data.
          </CardDescription>
        </Card>
      </div>
    </Section>
  );
}
