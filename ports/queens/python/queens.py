"""N queens: every solution, by the search of the puzzle book
("Программирование игр и головоломок", the eight queens).

Queen k stands in row k; c[k] is its column.  Three tables say
whether a square is free: the columns (ст in the book), the "sum"
diagonals k + i - 1 (дп) and the "difference" diagonals k - i + n
(дм).  The book's listing jumps between labels; here each label is
a comment where its code begins.
"""


def symmetric_images(c, n):
    """The 8 images of a solution under the board's symmetries."""
    images = []
    for t in range(8):
        image = [0] * (n + 1)
        for row in range(1, n + 1):
            r, col = row, c[row]
            if t & 4:  # turned about the diagonal
                r, col = col, r
            if t & 2:  # rows reversed
                r = n + 1 - r
            if t & 1:  # columns reversed
                col = n + 1 - col
            image[r] = col
        images.append(image)
    return images


def queens(n, mode):
    """Print the solutions for an n x n board.

    mode "full": the first queen runs over the whole first row;
    "half": the book's hint, it starts at column n // 2 + 1 and each
    solution is completed by its mirror image; "listing": only the
    solutions, as the book's program prints them.
    """
    column = [0] * (n + 1)   # ст: the row of the queen in each column
    sum_diag = [0] * (2 * n)   # дп
    diff_diag = [0] * (2 * n)  # дм
    c = [0] * (n + 2)
    printed = distinct = placed = tested = 0

    def show(vector):
        nonlocal printed, distinct
        print(" ".join(str(col) for col in vector[1:]))
        printed += 1
        # Distinct up to the symmetries: count only the smallest image.
        if all(vector <= image for image in symmetric_images(vector, n)):
            distinct += 1

    k = 1
    c[1] = n // 2 if mode == "half" else 0  # label С: before the row's first square
    while k > 0:
        i = c[k] + 1  # label И: look for the first free square after c[k]
        while i <= n:
            tested += 1
            if column[i] == 0 and sum_diag[k + i - 1] == 0 \
                    and diff_diag[k - i + n] == 0:
                break
            i += 1
        if i <= n:
            c[k] = i  # label СОК: the queen goes there
            placed += 1
            if k < n:
                column[i] = sum_diag[k + i - 1] = diff_diag[k - i + n] = k
                k += 1
                c[k] = 0  # label С for the next row
                continue
            show(c[:n + 1])
            if mode == "half" and 2 * c[1] != n + 1:
                show([0] + [n + 1 - col for col in c[1:n + 1]])
        k -= 1  # label СБ: back to the previous row, lift its queen
        if k > 0:
            i = c[k]
            column[i] = sum_diag[k + i - 1] = diff_diag[k - i + n] = 0
    if mode != "listing":
        print(f"решений: {printed}")
        print(f"различных с точностью до поворотов и отражений: {distinct}")
        print(f"поставлено ферзей: {placed}")
        print(f"проверено полей: {tested}")


if __name__ == "__main__":
    queens(1, "full")
    queens(2, "full")
    queens(3, "full")
    queens(4, "full")
    queens(5, "full")
    queens(6, "full")
    queens(7, "full")
    queens(8, "full")
    queens(9, "full")
    queens(10, "full")
    queens(1, "half")
    queens(2, "half")
    queens(3, "half")
    queens(4, "half")
    queens(5, "half")
    queens(6, "half")
    queens(7, "half")
    queens(8, "half")
    queens(9, "half")
    queens(10, "half")
    queens(8, "listing")
