х = "abc;
