export default function OrderPage() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Menu</h1>
    </main>
  );
}
