export default function Home() {
  return (
    <main>
      <h1>MakerVolt</h1>
    </main>
  );
}
