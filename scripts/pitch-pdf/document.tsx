import { Document, Font, Page, View } from "@react-pdf/renderer";
import { company } from "../../app/platform/company";
import { pitchPdf } from "../../app/content/investors";
import { PitchFooter } from "./footer";
import { PitchHeader } from "./header";
import { KeyFigures } from "./key-figures";
import { PilotAndTraction } from "./pilot-and-traction";
import { ProblemAndSolution } from "./problem-solution";
import { Roadmap } from "./roadmap";
import { s } from "./styles";
import { WhyInvest } from "./why-invest";

// Whole words only: no automatic hyphenation.
Font.registerHyphenationCallback((word) => [word]);

/** The one-page investor pitch: an A4 page with a header band, the sections, and a fixed footer. */
export function PitchDocument({ today }: { today: string }) {
  return (
    <Document
      title={pitchPdf.title}
      author={company.legalName}
      subject={`${company.brand}: ${company.tagline}`}
      keywords="maternal health, digital health records, investors"
      creator={company.legalName}
      producer={company.legalName}
      language="en-GB"
    >
      <Page size="A4" style={s.page}>
        <PitchHeader />
        <View style={s.body}>
          <KeyFigures />
          <ProblemAndSolution />
          <PilotAndTraction today={today} />
          <Roadmap today={today} />
          <WhyInvest />
        </View>
        <PitchFooter />
      </Page>
    </Document>
  );
}
