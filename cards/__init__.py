"""Shared card definitions and readers of card data files."""
