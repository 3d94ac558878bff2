import { Text, View } from "@react-pdf/renderer";
import { company, formatAddress } from "../../app/platform/company";
import { s } from "./styles";

/** The dark band fixed to the foot of the page: the call to action and the company's contact details. */
export function PitchFooter() {
  return (
    <View style={s.footer} fixed>
      <View>
        <Text style={s.footerTitle}>Partner with us</Text>
        <Text style={s.footerText}>Book a demo: {company.siteUrl}/demo</Text>
        <Text style={s.footerText}>{company.legalName}</Text>
        <Text style={s.footerText}>{formatAddress()}</Text>
      </View>
      <View>
        <Text style={s.footerContact}>{company.email.enquiries}</Text>
        <Text style={[s.footerContact, { marginTop: 3 }]}>{company.telephone.display}</Text>
        <Text style={[s.footerContact, { marginTop: 3 }]}>{company.siteUrl}</Text>
      </View>
    </View>
  );
}
