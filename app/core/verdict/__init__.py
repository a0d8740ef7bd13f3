"""The verdict: signals from one question's retrieval, the gates over them, why they fired."""
