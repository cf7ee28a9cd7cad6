"""What OneScript takes from .NET: ``System.Decimal`` arithmetic (its dialect's numbers) and
``Формат`` ending in .NET's number and date formatting with its cultures."""
