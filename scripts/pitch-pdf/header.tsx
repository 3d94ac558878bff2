import { Circle, Svg, Text, View } from "@react-pdf/renderer";
import { company } from "../../app/platform/company";
import { investorHero } from "../../app/content/investors";
import { colour, s } from "./styles";

/** The dark band at the top: brand, tagline, document type, site address and the investors' lead. */
export function PitchHeader() {
  return (
    <View style={s.header}>
      <Svg width={150} height={150} style={{ position: "absolute", right: -55, top: 30 }}>
        <Circle cx={75} cy={75} r={70} fill={colour.primary700} />
        <Circle cx={75} cy={75} r={40} fill={colour.primary800} />
      </Svg>
      <View style={s.headerRow}>
        <View>
          <Text style={s.brand}>{company.brand}</Text>
          <Text style={s.tagline}>{company.tagline}</Text>
        </View>
        <View>
          <Text style={s.docType}>INVESTOR SUMMARY</Text>
          <Text style={s.docUrl}>{company.siteUrl.replace(/^https:\/\//, "")}</Text>
        </View>
      </View>
      <Text style={s.heroLead}>{investorHero.lead}</Text>
    </View>
  );
}
