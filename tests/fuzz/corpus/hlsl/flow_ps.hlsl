cbuffer C : register(b0) { int n; int skip; float limit; };
float sum_to(int m)
{
    float s = 0;
    [loop] for (int i = 0; i < m; i++) {
        if (i == skip) continue;      /* the step still runs */
        s += i;
        if (s > limit) break;
    }
    return s;
}
float first_positive(float4 v)
{
    if (v.x > 0) return 1;
    if (v.y > 0) return 2;
    return 3;
}
float4 main(float4 p : SV_Position, float4 v : TEXCOORD0) : SV_Target
{
    if (v.w < 0)
        return float4(-1, -1, -1, -1);   /* an early return from the entry point */
    float a = sum_to(n);
    int k = 0, steps = 0;
    [loop] do { k += 2; steps++; } while (k < (int)v.z);
    float nested = 0;
    [loop] for (int i = 0; i < 3; i++)
        [loop] for (int j = 0; j <= i; j++)
            nested += 1;
    return float4(a, first_positive(v), steps, nested);
}
