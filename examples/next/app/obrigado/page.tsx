export default function ThanksPage() {
  return <h1>Obrigado!</h1>;
}
