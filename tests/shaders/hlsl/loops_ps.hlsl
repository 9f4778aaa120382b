// Loops with and without [unroll]: a [unroll]ed sum, a plain loop of a known count (unrolled
// where the target has no flow control), and a while loop with a break.
#include "common.hlsli"

float4 main(VSOut i) : SV_Target
{
    float a = 0, b = 0, c = 0;
    [unroll] for (int k = 0; k < 4; k++)
        a += i.uv.x * 0.0625;               // 4 * uv.x / 16
    for (int j = 1; j <= 3; j++)
        b += j * 0.05;                      // 0.3
    int n = 0;
    while (true) {
        c += 0.125;
        if (++n == 2)
            break;
    }
    return float4(a, b, c, 1);
}
